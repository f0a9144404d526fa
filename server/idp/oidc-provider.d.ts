// The part of oidc-provider 9 this server uses (the package ships no types, and @types/oidc-provider
// is not a dependency): kept narrow, so a use outside it is a type error to look at, not an `any`.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface AdapterPayload {
    [key: string]: unknown;
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: unknown;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris?: string[];
    post_logout_redirect_uris?: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    [key: string]: unknown;
  }

  export interface InteractionResults {
    login?: { accountId: string; amr?: string[]; acr?: string; remember?: boolean };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    rejectOIDCScope(scope: string): void;
    getOIDCScope(): string;
    save(): Promise<string>;
    destroy(): Promise<void>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export class Interaction {
    uid: string;
    jti: string;
    exp: number;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    result?: InteractionResults;
    lastSubmission?: InteractionResults;
    save(ttl: number): Promise<string>;
    static find(id: string): Promise<Interaction | undefined>;
  }

  export class AccessToken {
    jti: string;
    accountId: string;
    clientId: string;
    grantId: string;
    scope?: string;
    extra?: Record<string, unknown>;
    isExpired: boolean;
    static find(value: string): Promise<AccessToken | undefined>;
  }

  export class AuthorizationCode {
    amr?: string[];
  }

  export class RefreshToken {
    amr?: string[];
  }

  export class Client {
    clientId: string;
    [key: string]: unknown;
    static find(id: string): Promise<Client | undefined>;
  }

  export interface KoaContextWithOIDC {
    oidc: {
      client?: Client;
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: InteractionResults;
      params?: Record<string, unknown>;
      requestParamOIDCScopes: Set<string>;
      entities: { AuthorizationCode?: AuthorizationCode; RefreshToken?: RefreshToken; [key: string]: unknown };
      provider: Provider;
    };
    acceptsLanguages?: (...languages: string[]) => string | false;
  }

  export type FindAccount = (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>;

  export interface Configuration {
    [key: string]: unknown;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
    state?: string;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    issuer: string;
    proxy: boolean;
    Grant: typeof Grant;
    Interaction: typeof Interaction;
    AccessToken: typeof AccessToken;
    Client: typeof Client;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export const errors: Record<string, new (...args: unknown[]) => Error>;
}
