-- The change feed for a traveller's own answers and kept sessions (ADR 0042 §7): the tables GET
-- /me, /cart and /trips read beyond the catalogue and availability, and `sessions`, get the
-- statement-level trigger of 0026, so a write to any of them drops what was kept from it in
-- every process.
-- (PERSONAL_TABLES in src/server/answer-cache.ts; db/triggers.test.ts checks every table is
-- either watched or named in UNWATCHED_TABLES.)
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'sessions', 'users', 'user_security', 'user_identities', 'partner_memberships', 'ambassador_profiles', 'credit_accounts', 'credit_entries', 'gift_codes', 'gifts', 'referrals', 'bucket_lists', 'bucket_list_options', 'carts', 'order_item_customers', 'checkout_payments', 'payment_customers', 'payment_cards', 'promotion_code_redemptions', 'waitlists', 'order_refunds', 'order_extra_payments', 'order_item_change_requests', 'trip_shares', 'trip_share_members', 'itinerary_shares', 'corporate_events', 'corporate_codes', 'corporate_redemptions', 'affiliate_links', 'affiliate_attributions', 'affiliate_commissions', 'ambassador_bank_accounts', 'ambassador_payouts', 'operator_payouts', 'listing_changes', 'supplier_invitations'
  ] LOOP
    EXECUTE format('CREATE TRIGGER verdant_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION verdant_notify_change()', t);
  END LOOP;
END
$$;
