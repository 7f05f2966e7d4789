"""One scene per screen: home menu, caller, claim check."""
