"""The browser edge: everything here may import ``js``/``pyscript``; nothing else may."""
