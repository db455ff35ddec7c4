import type { FieldSpec } from "@/app/admin/_components/admin-form";
import { GAME_NODE_TOKEN_MIN_LENGTH } from "@/lib/backends/nodes/game-node-connection";
import { GAME_PORT_MAX, GAME_PORT_MIN } from "@/lib/backends/nodes/game-port-range";

/** The game node form (create and edit). `tokenSet`: a token is stored, so a blank field keeps it. */
export function gameNodeFields(locations: { id: string; name: string; value: string }[], { tokenSet = false } = {}): FieldSpec[] {
  return [
    { name: "name", label: "Name", placeholder: "fra1-game02" },
    { name: "locationId", label: "Location", type: "select", options: locations.map((l) => ({ value: l.id, label: `${l.name} (${l.value})` })) },
    { name: "enabled", label: "Enabled", type: "checkbox", hint: "Disabled nodes take no new game servers; the ones on them keep running.", wide: true },
    {
      name: "connection",
      label: "Agent",
      type: "select",
      options: [
        { value: "embedded", label: "Embedded (the agent the portal starts itself)" },
        { value: "remote", label: "Remote agent on its own machine" },
      ],
      hint: "The remote fields below are used only with a remote agent.",
      group: "Connection",
      wide: true,
    },
    { name: "url", label: "Agent URL", placeholder: "https://node1.example.com:8480", hint: "The node API, http:// or https://." },
    {
      name: "token",
      label: "Node token",
      placeholder: tokenSet ? "Set (leave blank to keep it)" : `At least ${GAME_NODE_TOKEN_MIN_LENGTH} characters`,
      hint: tokenSet
        ? "A token is stored, sealed, and is never shown again. Enter a new one only to replace it."
        : "The agent's GAME_NODE_TOKEN. Stored sealed; never shown again.",
    },
    { name: "sftpHost", label: "SFTP host", placeholder: "node1.example.com", hint: "What customers connect to for their files." },
    { name: "sftpPort", label: "SFTP port", type: "number", placeholder: "2022" },
    { name: "portRangeStart", label: "First port", type: "number", hint: `Game servers get ports from this range (${GAME_PORT_MIN}–${GAME_PORT_MAX}).`, group: "Ports" },
    { name: "portRangeEnd", label: "Last port", type: "number", hint: "Inclusive. Open the whole range in the node's firewall." },
    { name: "memoryGb", label: "Memory (GB)", type: "number", hint: "What game servers may hold in total.", group: "Capacity" },
    { name: "diskGb", label: "Disk (GB)", type: "number" },
  ];
}
