"""The MCP adapter: the stdio server, its tools and their schemas."""
