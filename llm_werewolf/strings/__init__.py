"""Plain string functions every layer may use; they import nothing of the package.

* :mod:`.sanitize` — cleaning untrusted text (names, speeches, model output) before it is shown or quoted;
* :mod:`.script` — how much of a text is written in a language's script;
* :mod:`.chinese` — Traditional and Simplified Chinese characters (OpenCC, when installed).
"""
