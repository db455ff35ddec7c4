import type { ReactNode } from "react";
import { AdminForm, type FieldSpec } from "@/app/admin/_components/admin-form";
import { RowAction } from "@/app/admin/_components/row-action";
import { Table, Td } from "@/app/admin/_components/table";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { FormActionState } from "@/lib/actions/action-result";
import { CYCLE_LABEL } from "@/lib/catalogue/admin/cycle-price-fields";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { BillingCycle } from "@/lib/generated/prisma/enums";
import { formatUnitMoney } from "@/lib/format/format-unit-money";

type Action = (prev: FormActionState, formData: FormData) => Promise<FormActionState>;

export type PriceBookRow = { id: string; item: ReactNode; cycle: BillingCycle; amount: Prisma.Decimal; setupFee: Prisma.Decimal | null };

/**
 * One of a tier's two price books (products, options): the entries with a remove action each, then
 * the form that adds or replaces one. What differs between the two is passed in.
 */
export function PriceBookCard(props: {
  title: string;
  description: string;
  empty: { title: string; body: ReactNode };
  tableLabel: string;
  itemHeading: string;
  rows: PriceBookRow[];
  /** The base currency the prices are in. */
  currency: string;
  /** What an entry without its own setup fee shows. */
  noSetupFee: ReactNode;
  remove: Action;
  form: { label: string; action: Action; fields: FieldSpec[]; submitLabel: string } | { unavailable: string };
}) {
  return (
    <Card className="mt-6">
      <CardHeader title={props.title} description={props.description} />
      {props.rows.length === 0 ? (
        <EmptyState title={props.empty.title}>{props.empty.body}</EmptyState>
      ) : (
        <Table head={[props.itemHeading, "Cycle", "Price", "Setup fee", ""]} label={props.tableLabel}>
          {props.rows.map((p) => (
            <tr key={p.id}>
              <Td>{p.item}</Td>
              <Td>{CYCLE_LABEL[p.cycle]}</Td>
              <Td className="tabular-nums">{formatUnitMoney(p.amount, props.currency)}</Td>
              <Td className="tabular-nums">{p.setupFee === null ? props.noSetupFee : formatUnitMoney(p.setupFee, props.currency)}</Td>
              <Td className="text-right">
                <RowAction action={props.remove} fields={{ id: p.id }} label="Remove" pendingLabel="Removing…" />
              </Td>
            </tr>
          ))}
        </Table>
      )}
      <CardBody className="border-t border-neutral-100">
        {"unavailable" in props.form ? (
          <p className="text-sm text-neutral-600">{props.form.unavailable}</p>
        ) : (
          <AdminForm label={props.form.label} action={props.form.action} columns={4} resetOnSave values={{ cycle: "monthly" }} fields={props.form.fields} submitLabel={props.form.submitLabel} />
        )}
      </CardBody>
    </Card>
  );
}
