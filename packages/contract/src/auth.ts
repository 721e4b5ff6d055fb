// Filled in by the auth calls (issue 4).
export {};
