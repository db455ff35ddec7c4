import type { ReactNode } from "react";
import { Table, Td } from "@/app/admin/_components/table";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { auditActionLabel } from "@/lib/audit/audit-actions";
import { describeAuditEntry } from "@/lib/audit/describe-audit-entry";
import { AUDIT_ENTRIES_SHOWN, type AuditEntryRow } from "@/lib/audit/list-audit-entries";
import { formatDateTime } from "@/lib/format/format-date-time";

/** The "Operator activity" card of a console page: who did what to this thing, newest first. */
export function OperatorActivityCard({ entries, of, empty }: { entries: AuditEntryRow[]; of: string; empty: ReactNode }) {
  return (
    <Card className="mt-6">
      <CardHeader title="Operator activity" description={`What operators did to ${of}, newest first. The latest ${AUDIT_ENTRIES_SHOWN}.`} />
      {entries.length === 0 ? (
        <EmptyState title="No operator activity">{empty}</EmptyState>
      ) : (
        <Table head={["When", "Operator", "Action", "Details"]} label="Operator activity">
          {entries.map((e) => (
            <tr key={e.id}>
              <Td className="whitespace-nowrap text-neutral-600">{formatDateTime(e.createdAt)}</Td>
              <Td className="break-all text-neutral-600">{e.actorEmail}</Td>
              <Td className="whitespace-nowrap">{auditActionLabel(e.action)}</Td>
              <Td>{describeAuditEntry(e)}</Td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}
