import { ServiceNetworking } from "@/components/services/service-networking";
import { getServiceNetworkingAction, setReverseDnsAction } from "../networking-actions";

/** The Networking tab of a VPS or dedicated server: its addresses (IPv4, IPv6 /64s) with reverse DNS per address. */
export async function NetworkingTab({ serviceId }: { serviceId: string }) {
  const networking = await getServiceNetworkingAction(serviceId);
  return networking ? <ServiceNetworking initial={networking} save={setReverseDnsAction} /> : null;
}
