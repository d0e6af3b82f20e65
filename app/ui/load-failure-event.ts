/** Dispatched on window when a route module fails to import (see vite.config.ts). */
export const ROUTE_MODULE_ERROR_EVENT = "ontap:route-module-error";
