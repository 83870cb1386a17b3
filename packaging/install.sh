#!/bin/sh
# Install Emberkeep from this folder (the unpacked Linux tarball):
#   ./install.sh               for you alone, under ~/.local (no root needed)
#   sudo ./install.sh /usr/local   for everyone
#   ./install.sh --uninstall [PREFIX]   remove it again
# The app goes to PREFIX/lib/emberkeep, the command to PREFIX/bin/emberkeep, and the desktop
# entry, icons, AppStream metainfo and campaign MIME type under PREFIX/share.
set -eu

APP_ID=io.github.emberkeep.Emberkeep
here=$(cd "$(dirname "$0")" && pwd)
uninstall=no
if [ "${1:-}" = "--uninstall" ]; then
    uninstall=yes
    shift
fi
prefix=${1:-"$HOME/.local"}
app="$prefix/lib/emberkeep"
share="$prefix/share"

refresh() {
    # the desktop's caches, where the tools exist (a missing one only delays the menu entry)
    if command -v update-mime-database >/dev/null 2>&1; then
        update-mime-database "$share/mime" || true
    fi
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database "$share/applications" || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$share/icons/hicolor/index.theme" ]; then
        gtk-update-icon-cache -q -t -f "$share/icons/hicolor" || true
    fi
}

if [ "$uninstall" = yes ]; then
    rm -rf "$app"
    rm -f "$prefix/bin/emberkeep" "$share/applications/$APP_ID.desktop" \
          "$share/metainfo/$APP_ID.metainfo.xml" "$share/mime/packages/$APP_ID.xml"
    find "$share/icons/hicolor" -name "$APP_ID.*" -delete 2>/dev/null || true
    refresh
    echo "Emberkeep removed from $prefix (your campaigns, backups and logs are kept)."
    exit 0
fi

mkdir -p "$prefix/lib" "$prefix/bin" "$share/applications" "$share/metainfo" \
         "$share/mime/packages" "$share/icons"
rm -rf "$app"
cp -R "$here/emberkeep" "$app"
ln -sf "$app/emberkeep" "$prefix/bin/emberkeep"
# the entry starts the installed app by its full path: ~/.local/bin need not be on PATH
sed "s|^Exec=emberkeep |Exec=\"$app/emberkeep\" |" "$here/share/applications/$APP_ID.desktop" \
    > "$share/applications/$APP_ID.desktop"
cp "$here/share/metainfo/$APP_ID.metainfo.xml" "$share/metainfo/"
cp "$here/share/mime/packages/$APP_ID.xml" "$share/mime/packages/"
cp -R "$here/share/icons/hicolor" "$share/icons/"
refresh
echo "Emberkeep installed in $app; start it from the applications menu or with $prefix/bin/emberkeep."
