// The Users API and its same-origin calls (ADR 0027). POST /login checks an e-mail and a
// password and answers a single-use ticket (`sessionId`); POST /user-session/ trades it for the session
// cookie (HttpOnly, a new id at every sign-in); GET /user-info/ answers the login state, the social
// session first and then the regular one; GET /user-info-social/ does the same for a bearer
// token of our identity provider; POST /user-logout/ ends both sessions and the provider's grant.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  clearCookies,
  openSessionCookies,
  resolveLogin,
  sessionCookieName,
  sessionSecretsOf,
  type AppServices,
} from "../edge/index.ts";
import { COOKIE } from "../../lib/cookies.ts";
import {
  authenticate,
  endSession,
  findAccount,
  issueLoginTicket,
  redeemLoginTicket,
  userInfoOf,
} from "../../modules/identity/index.ts";
import { clientAddressOf } from "./client-address.ts";
import { createRouter, errorResponse } from "./openapi.ts";

const UserInfoSchema = z
  .object({
    status: z.enum(["auth", "noauth"]),
    userName: z
      .string()
      .optional()
      .openapi({ description: "The name to greet with (first and last name, else the e-mail)" }),
    isSocial: z
      .boolean()
      .optional()
      .openapi({ description: "Signed in through an upstream social provider (Google, Facebook)" }),
    foundData: z.boolean().optional().openapi({ description: "The account has a profile (a first name)" }),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    stateIso: z.string().nullable().optional().openapi({ example: "MX-ROO" }),
    sId: z.string().optional().openapi({ description: "The account's id" }),
    countryIso3: z.string().nullable().optional().openapi({ example: "MEX" }),
  })
  .openapi("UserInfo");

const LoginBodySchema = z.object({
  // Bounded far above any real address or password: longer is refused before any work is done.
  Username: z.string().max(1_000).openapi({ example: "ana@example.com" }),
  Password: z.string().max(4_096).openapi({ example: "una frase larga y propia" }),
});

const SessionBodySchema = z.object({
  sessionId: z.string().max(200).openapi({ description: "What POST /login answered (single use, two minutes)" }),
  remember: z
    .boolean()
    .default(false)
    .openapi({ description: "Keep the session 30 days instead of until the browser closes" }),
});

function setCookies(c: Context, values: readonly string[]): void {
  for (const value of values) c.header("Set-Cookie", value, { append: true });
}

function noStore(c: Context): void {
  c.header("Cache-Control", "no-store");
  c.header("Vary", "Cookie, Authorization");
}

export function usersRouter(services: AppServices) {
  const router = createRouter();
  const { db, clock, config } = services;
  const secure = config.NODE_ENV === "production";

  router.openapi(
    createRoute({
      method: "post",
      path: "/login",
      tags: ["users"],
      summary: "Check an e-mail and password; answers a single-use session ticket",
      description:
        "Unknown e-mail and wrong password are the same INCORRECT_LOGIN. Failures are throttled per account (5 free, then 1 s doubling to 15 min) and per address (30 free): 429 RATE_LIMITED with Retry-After.",
      request: { body: { required: true, content: { "application/json": { schema: LoginBodySchema } } } },
      responses: {
        200: {
          description: "Signed in: trade sessionId at POST /user-session/",
          content: { "application/json": { schema: z.object({ sessionId: z.string() }).openapi("LoginTicket") } },
        },
        400: errorResponse("INVALID_EMAIL, PASSWORD_REQUIRED or INVALID_REQUEST"),
        401: errorResponse("INCORRECT_LOGIN"),
        403: errorResponse("USER_NOT_CONFIRMED or USER_INACTIVE"),
        429: errorResponse("RATE_LIMITED"),
      },
    }),
    async (c) => {
      const { Username, Password } = c.req.valid("json");
      const now = clock.now();
      const account = await authenticate(
        db,
        { email: Username, password: Password, address: clientAddressOf(c, config) },
        now,
      );
      noStore(c);
      return c.json({ sessionId: await issueLoginTicket(db, account.id, now) }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/user-session/",
      tags: ["users"],
      summary: "Open the session: sets the HttpOnly session cookie and the userInfo cookie",
      request: { body: { required: true, content: { "application/json": { schema: SessionBodySchema } } } },
      responses: {
        200: { description: "The session is open", content: { "application/json": { schema: UserInfoSchema } } },
        401: errorResponse("LOGIN_TICKET_INVALID: unknown, used or older than two minutes"),
      },
    }),
    async (c) => {
      const { sessionId, remember } = c.req.valid("json");
      const replacing = sessionSecretsOf(c.req.header("Cookie"), secure).regular;
      const session = await redeemLoginTicket(db, sessionId, { remember, replacing }, clock.now());
      const info = userInfoOf(session.account, false);
      setCookies(c, openSessionCookies("regular", session, info, remember, secure));
      noStore(c);
      return c.json(info, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/user-info/",
      tags: ["users"],
      summary: "Who is signed in: the social session first, then the regular one",
      responses: {
        200: {
          description: "auth with the user's fields, or noauth",
          content: { "application/json": { schema: UserInfoSchema } },
        },
      },
    }),
    async (c) => {
      const { info, clear } = await resolveLogin(db, c.req.header("Cookie"), secure, clock.now());
      setCookies(c, clear);
      noStore(c);
      return c.json(info, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/user-info-social/",
      tags: ["users"],
      summary: "Who an access token of our identity provider was issued to",
      request: {
        headers: z.object({
          authorization: z.string().max(4_096).optional().openapi({ example: "Bearer <access token>" }),
        }),
      },
      responses: {
        200: {
          description: "auth with the user's fields, or noauth for a missing, expired or revoked token",
          content: { "application/json": { schema: UserInfoSchema } },
        },
      },
    }),
    async (c) => {
      const token = /^Bearer ([A-Za-z0-9._~+/=-]{10,2048})$/.exec(c.req.header("Authorization") ?? "")?.[1] ?? null;
      const holder =
        token && services.identityProvider ? await services.identityProvider.accountOfAccessToken(token) : null;
      const account = holder ? await findAccount(db, holder.accountId) : null;
      noStore(c);
      return c.json(userInfoOf(account?.active ? account : null, holder?.viaSocialProvider ?? false), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/user-logout/",
      tags: ["users"],
      summary: "Sign out: ends this browser's sessions and the identity provider's grant behind them",
      responses: { 200: { description: "Signed out", content: { "application/json": { schema: UserInfoSchema } } } },
    }),
    async (c) => {
      const now = clock.now();
      const secrets = sessionSecretsOf(c.req.header("Cookie"), secure);
      for (const secret of [secrets.social, secrets.regular]) {
        const ended = secret === null ? null : await endSession(db, secret, now);
        if (ended?.providerGrantId && services.identityProvider)
          await services.identityProvider.revokeGrant(ended.providerGrantId);
      }
      setCookies(
        c,
        clearCookies(
          [sessionCookieName("social", secure), sessionCookieName("regular", secure), COOKIE.userInfo],
          secure,
        ),
      );
      noStore(c);
      return c.json({ status: "noauth" as const }, 200);
    },
  );

  return router;
}
