"""The card table every dealt card game sits at: its scene (`scene`: flow and input), the
places on the screen (`layout`), the pieces it draws (`pieces`), its words (`text`) and
the phones panel (`phones`)."""
