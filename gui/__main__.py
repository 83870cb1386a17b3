from gui.cli import main

raise SystemExit(main())
