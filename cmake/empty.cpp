// Keeps a target valid while it has no sources of its own yet.
