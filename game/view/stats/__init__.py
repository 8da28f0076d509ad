"""The profiles and statistics screen (issue 22): a seat's plots, record and rating, new
profiles, picking a profile for a seat, CSV export. The data and plots are game.profiles'."""
