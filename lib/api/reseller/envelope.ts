import { API_ERROR_CODES, type ApiError } from "../api-error";
import { jsonResponse } from "../json-response";
import type { Reply } from "../reply";

/**
 * Reseller API envelope (the reseller API spec "Envelope"):
 * - success `{success: true, data, message?}`, lists add `pagination`, products add `currency`;
 * - refusal `{success: false, error: <sentence>, message?}` (`message`, the same text, on
 *   platform-handler errors: the 5xx the platform itself raises);
 * - validation `{success: false, error: {message: "Validation failed", details: [{field, message}]}}`
 *   (also for malformed ids, bad JSON and out-of-range query values, docs/decisions.md#d6);
 * - feature gate `403 {error: "Feature not available", message, code: "FEATURE_DISABLED"}`.
 */
export function resellerSuccess(reply: Reply): Response {
  const { status = 200, message, pagination, meta } = reply.options;
  return jsonResponse(status, {
    success: true,
    data: reply.data,
    ...(message !== undefined ? { message } : {}),
    ...(pagination !== undefined ? { pagination } : {}),
    ...meta,
  });
}

export function resellerError(error: ApiError): Response {
  return jsonResponse(error.status, resellerErrorBody(error));
}

/** The refusal's JSON body (also the OpenAPI document's error examples). */
export function resellerErrorBody(error: ApiError): Record<string, unknown> {
  if (error.code === API_ERROR_CODES.validation) {
    return { success: false, error: { message: "Validation failed", details: error.details ?? [] } };
  }
  if (error.code === API_ERROR_CODES.invalidJson) {
    return { success: false, error: { message: "Validation failed", details: [{ field: "body", message: "Request body is not valid JSON" }] } };
  }
  if (error.code === API_ERROR_CODES.featureDisabled) {
    return { error: "Feature not available", message: error.message, code: "FEATURE_DISABLED" };
  }
  return { success: false, error: error.message, ...(error.status >= 500 ? { message: error.message } : {}) };
}
