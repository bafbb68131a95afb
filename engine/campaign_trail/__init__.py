"""Campaign Trail: three parties, fifty states plus DC, three months of cards and two debates."""
