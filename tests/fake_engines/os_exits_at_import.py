"""An adapter module that ends its process while imported, with status 0 and no word:
nothing can catch it, so only a process of its own may import it."""

import os

os._exit(0)
