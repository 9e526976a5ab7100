"""An adapter module that never finishes importing."""

while True:
    pass
