"""The card table every dealt card game sits at: its scene (`scene`: flow and input), what
a game's scene says to it (`hooks`), its frames (`frames`), its painting (`paint`: the
felt; `boxes`: the panel and the boxes over the felt), the places on the screen
(`layout`), the pieces it draws (`pieces`), its words (`text`) and the phones panel
(`phones`)."""
