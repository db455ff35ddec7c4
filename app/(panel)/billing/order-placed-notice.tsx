import { Alert } from "@/components/ui/alert";

/** Shown on the document the order form led to: which order this is and what happens next. */
export function OrderPlacedNotice({ orderNumber, paid }: { orderNumber: string | undefined; paid: boolean }) {
  if (!orderNumber || !/^ORD-\d{4}-\d{6}$/.test(orderNumber)) return null;
  return (
    <Alert tone="success">
      Order {orderNumber} is placed.{" "}
      {paid ? "It is paid: your services are being set up. Follow them under Services." : "Pay this document to start setting up your services — from credit below, if you have enough."}
    </Alert>
  );
}
