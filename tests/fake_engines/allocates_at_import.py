"""An adapter module that allocates without end while imported."""

hoard = []
while True:
    hoard.append(bytearray(64 * 1024 * 1024))
