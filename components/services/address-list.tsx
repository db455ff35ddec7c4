/** A service's addresses for an overview: a dash when there are none, IPv6 with its prefix length. */
export function AddressList({ addresses }: { addresses: { address: string; version: number; prefix_length: number }[] }) {
  if (addresses.length === 0) return <>—</>;
  return (
    <ul className="space-y-0.5 font-mono">
      {addresses.map((a) => (
        <li key={a.address}>
          {a.address}
          {a.version === 6 ? `/${a.prefix_length}` : ""}
        </li>
      ))}
    </ul>
  );
}
