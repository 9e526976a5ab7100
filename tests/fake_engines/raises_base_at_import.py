"""An adapter module that raises a BaseException subclass (not an Exception) at import."""


class Stop(BaseException):
    pass


raise Stop("a BaseException from the module")
