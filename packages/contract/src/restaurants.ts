// Filled in by the restaurants calls (issue 4).
export {};
