"""The client lab: observe what real agents do with skills, offline, against a mock model."""
