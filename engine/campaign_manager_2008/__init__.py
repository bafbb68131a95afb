"""Campaign Manager 2008: Obama against McCain, two drafted decks fighting over four battleground states."""
