CREATE TABLE "hq_reminders_sent" (
	"user_id" text NOT NULL,
	"local_date" date NOT NULL,
	"kind" text NOT NULL,
	"slot" integer NOT NULL,
	"habit_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hq_reminders_sent_user_id_local_date_kind_slot_habit_id_pk" PRIMARY KEY("user_id","local_date","kind","slot","habit_id")
);
--> statement-breakpoint
ALTER TABLE "hq_reminders_sent" ADD CONSTRAINT "hq_reminders_sent_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hq_reminders_sent" ADD CONSTRAINT "hq_reminders_sent_habit_id_hq_habits_id_fk" FOREIGN KEY ("habit_id") REFERENCES "public"."hq_habits"("id") ON DELETE cascade ON UPDATE no action;