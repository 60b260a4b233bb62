#!/usr/bin/env python3
"""Writes NOTICE: the libraries the release bundles (cli/target/lib after a build) and the licence each declares.

Usage: python3 dist/tools/notice.py > NOTICE   (run from the repository root, after 'mvn package').
A licence is read from the artifact's POM in the local Maven repository, or from the nearest parent POM that names one.
"""
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET
import zipfile

M2 = os.path.expanduser("~/.m2/repository")
NS = "{http://maven.apache.org/POM/4.0.0}"


def child(element, name):
    found = element.find(NS + name)
    if found is None:
        found = element.find(name)
    return found


def value(element, name):
    found = child(element, name) if element is not None else None
    return found.text.strip() if found is not None and found.text else None


def pom_path(group, artifact, version):
    return os.path.join(M2, *group.split("."), artifact, version, f"{artifact}-{version}.pom")


def licences(group, artifact, version, depth=0):
    path = pom_path(group, artifact, version)
    if depth > 10 or not os.path.exists(path):
        return []
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError:
        return []
    names = []
    block = child(root, "licenses")
    if block is not None:
        for licence in list(block):
            name = value(licence, "name")
            if name:
                names.append(" ".join(name.split()))
    if names:
        return names
    parent = child(root, "parent")
    if parent is None:
        return []
    return licences(value(parent, "groupId"), value(parent, "artifactId"), value(parent, "version"), depth + 1)


def bundled(jar):
    """The Maven coordinates of the jar itself and of every library shaded into it, from their pom.properties."""
    found = []
    with zipfile.ZipFile(jar) as z:
        for name in z.namelist():
            if re.match(r"META-INF/maven/[^/]+/[^/]+/pom\.properties$", name):
                props = dict(line.split("=", 1) for line in z.read(name).decode().splitlines()
                             if "=" in line and not line.startswith("#"))
                found.append((props["groupId"].strip(), props["artifactId"].strip(), props["version"].strip()))
    if not found:
        base = os.path.basename(jar)[:-4]
        for pom in glob.glob(os.path.join(M2, "**", base + ".pom"), recursive=True):
            parts = os.path.relpath(pom, M2).split(os.sep)
            found.append((".".join(parts[:-3]), parts[-3], parts[-2]))
            break
    if not found:
        sys.exit(f"no Maven coordinates for {jar}")
    return found


rows = []
for jar in sorted(glob.glob("cli/target/lib/*.jar")):
    for group, artifact, version in bundled(jar):
        if group != "io.mosaicod":
            licence = "; ".join(licences(group, artifact, version))
            if not licence:
                licence = "the licence of " + os.path.basename(jar) + ", into which it is shaded"
            rows.append((f"{group}:{artifact}", version, licence))

print("mosaicod for the JVM")
print("Licensed under the Apache License, Version 2.0 (see LICENSE).")
print()
print("The release bundles these libraries in lib/mosaicod.jar, each under its own licence, as its POM declares it:")
print()
for coordinate, version, licence in sorted(set(rows)):
    print(f"{coordinate} {version}: {licence}")
