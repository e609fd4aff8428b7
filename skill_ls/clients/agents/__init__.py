"""One module per agent, each defining `CLIENT`, its row of the client table (and the bundle
formats it installs from); `clients/table.py` orders them."""
