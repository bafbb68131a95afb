"""Developer tools for render/: sample views, golden regeneration, geometry checks."""
