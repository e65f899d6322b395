export { type Hop, tracePath, tracePathVia } from './path.js';
export { buildRouting, defaultRoutingName, ROUTINGS, routingsFor } from './registry.js';
export * from './routing.js';
export { computeRouteTable, type RouteTable, routeTableToJson } from './table.js';
