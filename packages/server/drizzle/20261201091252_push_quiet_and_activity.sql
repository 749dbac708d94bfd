ALTER TABLE "hq_push_subscriptions" ADD COLUMN "quiet_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hq_push_subscriptions" ADD COLUMN "active_at" timestamp with time zone;