"""The repair tracker's core: every dent, notch and break across the party, what
mending it costs (R16), and the ledger that records who paid."""
