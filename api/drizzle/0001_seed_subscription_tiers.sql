-- The two tiers have fixed ids (TIER_IDS in shared/src/plans.ts) so code and data agree everywhere.
INSERT INTO "subscription_tiers" ("id", "code", "name", "description", "monthly_price_sar") VALUES
  ('00000000-0000-4000-8000-000000000001', 'basic', 'Basic', 'Posts feed, refresh every 6 hours, up to 12 posts, e-mail support.', 59),
  ('00000000-0000-4000-8000-000000000002', 'pro', 'Professional', 'Posts and highlights, refresh every 3 hours, up to 50 posts, removable branding, chat support.', 119)
ON CONFLICT ("id") DO NOTHING;
