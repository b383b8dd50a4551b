// The context every service verb receives: which workspace, who acts, and with what scope.
// Transports build it from their credential; verbs never look at transport details.
import { ForbiddenError } from './errors';

export type Scope = 'read' | 'write';

export type Actor =
  | { type: 'api_key'; keyId: string; userId: string | null }
  | { type: 'oauth'; grantId: string; userId: string; clientId: string }
  | { type: 'user'; userId: string }
  | { type: 'agent'; agentId: string }
  | { type: 'system'; name: string };

/** How an actor appears in the audit log (SPEC §6): never the workspace id. */
export type AuditActorType = 'api_key' | 'mcp' | 'user' | 'agent' | 'system';

export interface WorkspaceRef {
  id: string;
  slug: string;
  plan: string;
}

export type Via = 'rpc' | 'rest' | 'mcp' | 'cli' | 'dashboard' | 'agent' | 'system';

/** Who acts on the installation as a whole (creating a workspace is not inside one). */
export interface InstallationContext {
  actor: Actor;
  scope: Scope;
  /** The transport the call came through, for the audit log. */
  via: Via;
}

export interface ServiceContext extends InstallationContext {
  workspace: WorkspaceRef;
}

export function assertWriteScope(ctx: InstallationContext): void {
  if (ctx.scope !== 'write') {
    // An OAuth connection's scope was chosen at consent: getting write access means connecting again.
    throw new ForbiddenError(
      ctx.actor.type === 'oauth'
        ? 'This connection was approved for read only; write access needs a new connection approved for read and write'
        : ctx.actor.type === 'user'
          ? 'Viewers of a workspace read it and change nothing; ask an owner or admin for the member role'
          : 'This credential is read-only; a read and write credential is required',
    );
  }
}

export interface AuditActor {
  actorType: AuditActorType;
  actorId: string;
  actorUserId: string | null;
}

export function auditActorOf(ctx: InstallationContext): AuditActor {
  const actor = ctx.actor;
  // Calls through the MCP endpoint are audited as `mcp` whatever credential carried them (SPEC §6).
  const viaMcp = ctx.via === 'mcp';
  switch (actor.type) {
    case 'api_key':
      return { actorType: viaMcp ? 'mcp' : 'api_key', actorId: actor.keyId, actorUserId: actor.userId };
    case 'oauth':
      return { actorType: 'mcp', actorId: `oat_${actor.grantId}`, actorUserId: actor.userId };
    case 'user':
      return { actorType: viaMcp ? 'mcp' : 'user', actorId: `user_${actor.userId}`, actorUserId: actor.userId };
    case 'agent':
      return { actorType: 'agent', actorId: actor.agentId, actorUserId: null };
    case 'system':
      return { actorType: 'system', actorId: actor.name, actorUserId: null };
    default: {
      const unreachable: never = actor;
      throw new Error(`unknown actor ${JSON.stringify(unreachable)}`);
    }
  }
}

/** A context for work the service does on its own behalf (bootstrap, command line, schedulers). */
export function systemContext(workspace: WorkspaceRef, name: string, via: Via = 'system'): ServiceContext {
  return { workspace, actor: { type: 'system', name }, scope: 'write', via };
}
