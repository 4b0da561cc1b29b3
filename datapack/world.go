package datapack

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/Tnze/go-mc/nbt"
)

// World is what installing a pack needs to know about a saved world.
type World struct {
	Dir         string
	Name        string // level.dat Data.LevelName
	DataVersion int32  // level.dat Data.DataVersion: the game that last saved it
	VersionName string // level.dat Data.Version.Name ("26.1.2"); "" if absent
	// DisabledPacks are the packs the player switched off, as level.dat
	// Data.DataPacks.Disabled names them ("file/gomoku (1).zip").
	DisabledPacks []string
}

// levelDat is the part of level.dat we read. go-mc's save.ReadLevel decodes
// into its full save.Level with DisallowUnknownFields, so it refuses every
// level.dat written by a game newer than go-mc v1.20.2 knows (1.21.9 moved
// the spawn into a "spawn" compound, for one); decoding only these fields
// with go-mc's nbt package, and skipping the rest, reads every version.
type levelDat struct {
	Data struct {
		DataVersion int32
		LevelName   string
		Version     struct {
			ID   int32 `nbt:"Id"`
			Name string
		}
		// The storage format number (19133). It must be declared: go-mc
		// matches unknown keys case-insensitively, and would otherwise
		// decode this int into Version and fail.
		StorageVersion int32 `nbt:"version"`
		DataPacks      struct {
			Disabled []string
		}
	}
}

// ReadWorld reads dir/level.dat. It fails with "not a Minecraft world" for
// a folder without level.dat, and names the file when it is unreadable or
// corrupt.
func ReadWorld(dir string) (*World, error) {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("not a Minecraft world: %s does not exist", dir)
	case err != nil:
		return nil, fmt.Errorf("read world: %w", err)
	case !fi.IsDir():
		return nil, fmt.Errorf("not a Minecraft world: %s is not a folder", dir)
	}
	path := filepath.Join(dir, "level.dat")
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("not a Minecraft world: %s has no level.dat", dir)
	case err != nil:
		return nil, fmt.Errorf("read world: %w", err)
	}
	raw, err := gunzipNBT(data)
	if err != nil {
		return nil, fmt.Errorf("corrupt level.dat %s: %w", path, err)
	}
	var lv levelDat
	if err := nbt.Unmarshal(raw, &lv); err != nil {
		return nil, fmt.Errorf("corrupt level.dat %s: %w", path, err)
	}
	w := &World{Dir: dir, Name: lv.Data.LevelName, DataVersion: lv.Data.DataVersion, VersionName: lv.Data.Version.Name,
		DisabledPacks: lv.Data.DataPacks.Disabled}
	if w.DataVersion == 0 { // the game keeps the same number in Version.Id
		w.DataVersion = lv.Data.Version.ID
	}
	if w.DataVersion <= 0 {
		return nil, fmt.Errorf("%s has no DataVersion: the world was last saved by a game too old for this pack (before 1.9)", path)
	}
	return w, nil
}

// describe names the game that saved the world, preferring the name the
// world itself records.
func (w *World) describe() string {
	if _, known := ReleaseByDataVersion(w.DataVersion); !known && w.VersionName != "" {
		return fmt.Sprintf("%s (data version %d)", w.VersionName, w.DataVersion)
	}
	return DescribeDataVersion(w.DataVersion)
}

// CheckPackName reports why name cannot be the file name (without ".zip")
// of a pack in a world's datapacks folder.
func CheckPackName(name string) error {
	switch {
	case name == "":
		return errors.New("empty pack name")
	case strings.HasPrefix(name, "."):
		return fmt.Errorf("pack name %q starts with a dot", name)
	case strings.HasSuffix(strings.ToLower(name), ".zip"):
		return fmt.Errorf("pack name %q ends in .zip; give the name without it", name)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._- ", r)) {
			return fmt.Errorf("pack name %q contains %q; use letters, digits, '.', '_', '-' and spaces", name, r)
		}
	}
	return nil
}

// Install writes p into worldDir/datapacks/<packName>.zip, creating the
// datapacks folder if needed, and returns the zip's path. The game enables
// a new pack when the world next loads (or on /reload).
//
// Installs into one world are serialised by a lock file in the world
// folder (see lockWorld), so two at once cannot see each other's half-done
// work.
//
// It refuses, changing nothing:
//   - a folder that is not a world (no level.dat) or whose level.dat is
//     unreadable or corrupt;
//   - a world saved by a game outside supported (by level.dat DataVersion);
//   - another copy of an mcgomoku pack in datapacks/ under another name
//     ("gomoku (1).zip"), unless level.dat lists it as disabled: the game
//     would run both;
//   - a pack whose pack.mcmeta is missing, invalid, lacks the MarkerKey
//     section, or does not declare both ends of supported;
//   - an existing datapacks/<packName>.zip or datapacks/<packName>/ that is
//     not a pack written by mcgomoku (see IsOurPack). One that is ours is
//     replaced; an old folder of ours is removed, since the game would
//     otherwise load both.
//
// When ctx is done before the new zip is in place (Ctrl-C), Install
// stops with ctx's error, leaving the world as it was: no lock file, no
// temporary zip, the old pack untouched.
func Install(ctx context.Context, p *Pack, worldDir, packName string, supported VersionRange) (installedPath string, err error) {
	if err := CheckPackName(packName); err != nil {
		return "", fmt.Errorf("install: %w", err)
	}
	lo, hi, err := supported.Bounds()
	if err != nil {
		return "", fmt.Errorf("install: %w", err)
	}
	if err := checkInstallable(p, lo, hi); err != nil {
		return "", fmt.Errorf("install: %w", err)
	}

	w, err := ReadWorld(worldDir)
	if err != nil {
		return "", err
	}
	if w.DataVersion < lo.DataVersion || w.DataVersion > hi.DataVersion {
		// An old world is upgraded by opening it in a newer game; a newer
		// world can never be opened in an older one.
		hint := "open the world in a supported version first, which upgrades it"
		if w.DataVersion > hi.DataVersion {
			hint = fmt.Sprintf("a world cannot go back to an older release, so this needs an mcgomoku that supports %s: update mcgomoku", w.describe())
		}
		return "", fmt.Errorf("world %s was last saved by %s, but this pack supports %s to %s (data versions %d to %d); %s",
			worldDir, w.describe(), lo.Name, hi.Name, lo.DataVersion, hi.DataVersion, hint)
	}

	packs := filepath.Join(worldDir, "datapacks")
	if fi, err := os.Stat(packs); err == nil && !fi.IsDir() {
		return "", fmt.Errorf("install: %s is not a folder", packs)
	}
	unlock, err := lockWorld(ctx, worldDir)
	if err != nil {
		return "", err
	}
	defer unlock()
	if err := otherCopies(w, packs, packName); err != nil {
		return "", err
	}
	zipPath := filepath.Join(packs, packName+".zip")
	folderPath := filepath.Join(packs, packName)
	if fi, err := os.Lstat(zipPath); err == nil {
		if !fi.Mode().IsRegular() {
			return "", fmt.Errorf("refusing to install: %s exists and is not a zip file", zipPath)
		}
		if err := mustBeOurs(zipPath); err != nil {
			return "", err
		}
	}
	removeFolder := false
	if _, err := os.Lstat(folderPath); err == nil {
		if err := mustBeOurs(folderPath); err != nil {
			return "", err
		}
		removeFolder = true
	}

	if err := os.MkdirAll(packs, 0o755); err != nil {
		return "", fmt.Errorf("install: %w", err)
	}
	if err := writeZipFile(ctx, p, zipPath); err != nil {
		return "", fmt.Errorf("install: %w", err)
	}
	if removeFolder {
		// Step the folder aside first so a failure half-way through the
		// removal cannot leave a half-deleted pack that the game loads.
		old, err := os.MkdirTemp(packs, "."+packName+".old-")
		if err == nil {
			err = os.Remove(old) // only the unique name is wanted
		}
		if err == nil {
			err = os.Rename(folderPath, old)
		}
		if err != nil {
			return zipPath, fmt.Errorf("installed %s, but the old pack folder %s is still there and will load too: %w", zipPath, folderPath, err)
		}
		if err := os.RemoveAll(old); err != nil {
			return zipPath, fmt.Errorf("installed %s, but removing the old pack folder (moved to %s) failed: %w", zipPath, old, err)
		}
	}
	return zipPath, nil
}

// otherCopies refuses an install beside another enabled copy of an
// mcgomoku pack: a pack the user copied in by hand under another name, or
// a second download ("gomoku (1).zip"). The game would load both, and both
// run the same functions on the same board.
func otherCopies(w *World, packs, packName string) error {
	entries, err := os.ReadDir(packs)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("install: %w", err)
	}
	disabled := map[string]bool{}
	for _, d := range w.DisabledPacks {
		disabled[d] = true
	}
	var copies []string
	for _, e := range entries {
		name := e.Name()
		// Ours to replace, or our own temporary names.
		if name == packName || name == packName+".zip" || strings.HasPrefix(name, ".") {
			continue
		}
		if disabled["file/"+name] {
			continue
		}
		path := filepath.Join(packs, name)
		if ours, _, err := ourPack(path); err == nil && ours {
			copies = append(copies, path)
		}
	}
	switch len(copies) {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("refusing to install: %s is another copy of an mcgomoku pack, and the game would run both on one board; remove it (or move it out of datapacks/, or disable it in the game), then install again", copies[0])
	}
	return fmt.Errorf("refusing to install: %s are other copies of an mcgomoku pack, and the game would run them all on one board; remove them (or move them out of datapacks/, or disable them in the game), then install again", strings.Join(copies, ", "))
}

func mustBeOurs(path string) error {
	ours, why, err := ourPack(path)
	if err != nil {
		return fmt.Errorf("install: %w", err)
	}
	if !ours {
		return fmt.Errorf("refusing to replace %s: %s; it is not a pack written by mcgomoku, so it is left alone (move it away or pick another pack name)", path, why)
	}
	return nil
}

// checkInstallable checks that p's pack.mcmeta is valid, carries our marker
// (so a later Install can recognise and replace it) and declares support
// for both ends of the range the caller claims.
func checkInstallable(p *Pack, lo, hi Release) error {
	data, ok := p.Files["pack.mcmeta"]
	if !ok {
		return errors.New("the pack has no pack.mcmeta")
	}
	m, err := ParseMCMeta(data)
	if err == nil {
		err = m.Validate()
	}
	if err != nil {
		return fmt.Errorf("the pack's pack.mcmeta is invalid:\n%w", err)
	}
	if m.Marker == nil {
		return fmt.Errorf("the pack's pack.mcmeta has no %q section, so a later install could not tell it from a foreign pack; build it with MCMeta", MarkerKey)
	}
	for _, r := range []Release{lo, hi} {
		if !m.Supports(r) {
			return fmt.Errorf("the pack's pack.mcmeta does not declare support for %s (format %s)", r.Name, r.DataPack)
		}
	}
	return p.checkPaths()
}
