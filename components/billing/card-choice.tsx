import { SelectField } from "@/components/ui/form-field";

export type CardOption = { id: string; label: string; isDefault: boolean; expires: string | null };

/** Which saved card pays: the default first. With one card it is named, not offered as a choice. */
export function CardChoice({ cards, error }: { cards: CardOption[]; error?: string }) {
  if (cards.length === 1) {
    return (
      <p className="text-sm text-neutral-700">
        <input type="hidden" name="methodId" value={cards[0]!.id} />
        Paid with <span className="font-medium text-neutral-900">{cards[0]!.label}</span>
        {cards[0]!.expires && <span className="text-neutral-500">, expires {cards[0]!.expires}</span>}
      </p>
    );
  }
  return (
    <SelectField label="Card" name="methodId" className="max-w-sm" defaultValue={cards.find((c) => c.isDefault)?.id ?? cards[0]?.id} error={error}>
      {cards.map((c) => (
        <option key={c.id} value={c.id}>
          {c.label}
          {c.isDefault ? " (default)" : ""}
        </option>
      ))}
    </SelectField>
  );
}
