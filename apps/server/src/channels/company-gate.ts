/**
 * Which connections may run (issue 29 item 6): only those of a company that
 * may work (switched on, not past its due date; the rule is handed in by
 * server.ts, channels import no business module). Remembers the connections
 * this process kept stopped for their company, to start them again when it
 * may work.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.js";
import type { Connection } from "./manager.js";
import { companies, whatsapps } from "../db/schema/index.js";

export type CompanyState = Pick<typeof companies.$inferSelect, "id" | "status" | "dueDate">;

const companyState = { id: companies.id, status: companies.status, dueDate: companies.dueDate };

/** What the channel manager lends the gate to act on its connections. */
export interface ManagerSide {
  running(whatsappId: number): boolean;
  leased(provider: string): boolean;
  start(connection: Connection): Promise<void>;
  recheck(whatsappId: number): Promise<void>;
}

export class CompanyGate {
  private readonly paused = new Set<number>();

  constructor(readonly mayWork: (company: CompanyState) => boolean) {}

  /** Kept stopped here for its company. */
  isPaused(whatsappId: number): boolean {
    return this.paused.has(whatsappId);
  }

  /** Whether the connection's company may work now; if not, the connection is remembered as kept stopped. */
  async admits(db: Db, connection: { id: number; companyId: number }): Promise<boolean> {
    const [company] = await db.select(companyState).from(companies).where(eq(companies.id, connection.companyId));
    const admitted = company !== undefined && this.mayWork(company);
    if (admitted) this.paused.delete(connection.id);
    else this.paused.add(connection.id);
    return admitted;
  }

  /**
   * Each connection of these providers (of one company, when given) follows its company: one kept stopped
   * here starts when the company works again (for one company named, any not running here: it may have
   * been stopped elsewhere); one running here (for one company named, a session any process may hold)
   * is looked at again when it may not.
   */
  async follow(db: Db, providers: string[], companyId: number | undefined, here: ManagerSide): Promise<void> {
    const named = companyId !== undefined;
    const rows = await this.connections(db, providers, companyId);
    const follow = async ({ connection, company }: (typeof rows)[number]) => {
      const { id } = connection;
      if (this.mayWork(company)) {
        if (this.paused.has(id) || (named && !here.running(id))) await here.start(connection);
      } else if (here.running(id) || (named && here.leased(connection.provider))) await here.recheck(id);
    };
    await Promise.all(rows.map(follow));
  }

  private connections(db: Db, providers: string[], companyId?: number) {
    return db
      .select({ connection: whatsapps, company: companyState })
      .from(whatsapps)
      .innerJoin(companies, eq(companies.id, whatsapps.companyId))
      .where(
        and(
          inArray(whatsapps.provider, providers),
          companyId === undefined ? undefined : eq(whatsapps.companyId, companyId),
        ),
      );
  }
}
