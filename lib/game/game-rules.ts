// The game module's refusals, one sentence each, shared by both APIs and the panel.
export const GAME_RULES = {
  moduleDisabled: "The game server module is not available on this platform",
  notPlaced: "This game server has no runtime yet: it is still being set up",
  suspended: "The service is suspended",
  terminated: "The service is terminated",
  powerUnknown: "Unknown power action: use start, stop, restart or kill",
  installing: "The game server is still installing",
} as const;
