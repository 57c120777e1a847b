"""``python -m swisstb_io`` runs the ``swisstb`` command."""

from .cli import main

if __name__ == "__main__":
    main()
