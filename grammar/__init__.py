"""The Ludex grammar, shipped as package data (`ludex.grammar`)."""
