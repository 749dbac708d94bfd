CREATE TABLE "hq_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"habit_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date
);
--> statement-breakpoint
CREATE TABLE "hq_skips" (
	"habit_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"skip_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hq_skips_habit_id_skip_date_pk" PRIMARY KEY("habit_id","skip_date")
);
--> statement-breakpoint
CREATE TABLE "hq_vacations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hq_pauses" ADD CONSTRAINT "hq_pauses_habit_id_hq_habits_id_fk" FOREIGN KEY ("habit_id") REFERENCES "public"."hq_habits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hq_pauses" ADD CONSTRAINT "hq_pauses_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hq_skips" ADD CONSTRAINT "hq_skips_habit_id_hq_habits_id_fk" FOREIGN KEY ("habit_id") REFERENCES "public"."hq_habits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hq_skips" ADD CONSTRAINT "hq_skips_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hq_vacations" ADD CONSTRAINT "hq_vacations_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hq_pauses_user_idx" ON "hq_pauses" USING btree ("user_id","habit_id");--> statement-breakpoint
CREATE INDEX "hq_skips_user_date_idx" ON "hq_skips" USING btree ("user_id","skip_date");--> statement-breakpoint
CREATE INDEX "hq_vacations_user_idx" ON "hq_vacations" USING btree ("user_id");