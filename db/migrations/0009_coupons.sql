ALTER TABLE "cart_lines" DROP CONSTRAINT "cart_lines_shape";--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_shape" CHECK (("cart_lines"."kind" = 'ferry' and "cart_lines"."activity_id" is null and ("cart_lines"."trip" = 'open') = ("cart_lines"."outbound_sailing_id" is null)
            and ("cart_lines"."trip" = 'round_trip') = ("cart_lines"."inbound_sailing_id" is not null))
        or ("cart_lines"."kind" = 'activity' and "cart_lines"."trip" in ('single', 'open') and "cart_lines"."activity_id" is not null
            and ("cart_lines"."trip" = 'open') = ("cart_lines"."service_date" is null)
            and "cart_lines"."outbound_sailing_id" is null and "cart_lines"."inbound_sailing_id" is null));