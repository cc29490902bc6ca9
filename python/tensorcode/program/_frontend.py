"""compile: placeholder."""


def compile(source, inputs=None, **kw):
    raise NotImplementedError
