"""The faces (design §4): what people use. The ``ravenry`` command (``cli/``), the full-screen Textual client
(``tui/``) and its browser server (``web``), line-mode play, and the rich rendering they share. Network play,
``ravenry.net``, is a face too, with its own layers; the full-screen client plays through its client."""
