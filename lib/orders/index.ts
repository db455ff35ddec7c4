// The order core (docs/orders.md). Both APIs and the client panel's order form call these.
export { placeOrder, findOrderByKey, PROVISIONING_FAILED_ERROR, type PlaceOrderResult, type PlacedDocument } from "./place-order";
export { retryOrderPayment, ORDER_ALREADY_PAID, ORDER_INVOICED, ORDER_NOT_FOUND, RETRY_IN_FLIGHT, RETRY_STOREFRONT, type RetryOrderContext, type RetryOrderResult } from "./retry-order-payment";
export { listResellerOrders, getResellerOrder, listCustomerOrders, getCustomerOrder, type CustomerOrderContext, type CustomerOrderReader, type ResellerOrderContext, type ResellerOrderReader } from "./list-orders";
export { ORDER_RECORD_SELECT, loadOrderRecord, provisioningStatusOf, currentDocument, serviceIp, type OrderRecord } from "./order-record";
export type { OrderBuyer, OrderItemInput, OrderConfigurationInput, PlaceOrderInput, OrderRunContext, OrderRunHooks } from "./order-input";
export { USER_DATA_MAX_BYTES, checkUserData } from "./validate-order-items";
export { NO_PAYMENT_METHOD, PAYMENT_METHOD_NOT_FOUND, SERVICES_NOT_CREATED } from "./saved-method";
export { activatePaidOrder, type ActivatedOrder } from "./activate-paid-order";
export { placeCustomerOrder, type CustomerOrderBuyer, type PlaceCustomerOrderResult } from "./place-customer-order";
export { isCustomerOrderReplay } from "./order-replay";
export { placePanelOrder, panelIdempotencyKey, type PanelOrderBuyer, type PanelOrderContext, type PanelOrderPlacement } from "./place-panel-order";
export { cancelUnpaidOrder, findCancellableOrder, ORDER_NOT_NEW, ORDER_NOT_WAITING, ORDER_PART_PAID, ORDER_PAYMENT_IN_PROGRESS, type CancellableOrder, type CancelOrderActor } from "./cancel-unpaid-order";
