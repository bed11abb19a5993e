# Shared by ./workbench and ./test.sh: finds a JDK 21+ and a Maven 3.9 that Tycho 5 can run on.
# Sourced, not executed. Everything it fetches lands in .tools/ (git-ignored).

TW_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TW_TOOLS="$TW_ROOT/.tools"
TW_MAVEN_VERSION=3.9.11

tw_die() { echo "trajectory-workbench: $*" >&2; exit 1; }

# Prints the feature version (e.g. 21, 25) of the java binary given, or nothing.
# The JDK's release file says it without starting a JVM (40 ms of every command); the JVM is asked where it has none.
tw_java_major() {
  local release
  release="$(dirname "$(dirname "$1")")/release"
  if [ -f "$release" ] && grep -q '^JAVA_VERSION="[0-9]' "$release"; then
    sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release"
    return
  fi
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = \([0-9]*\).*/\1/p'
}

# JAVA_HOME first, then the newest JDK 21+ in the system's JVM directory.
tw_find_jdk() {
  local candidates=() home major
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  for home in $(ls -d /usr/lib/jvm/*/ /Library/Java/JavaVirtualMachines/*/Contents/Home/ 2>/dev/null | sort -rV); do
    candidates+=("${home%/}")
  done
  for home in "${candidates[@]}"; do
    [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || continue
    major="$(tw_java_major "$home/bin/java")"
    if [ -n "$major" ] && [ "$major" -ge 21 ]; then
      export JAVA_HOME="$home"
      return 0
    fi
  done
  tw_die "no JDK 21 or newer found (looked at JAVA_HOME and /usr/lib/jvm); install one, e.g. 'apt install openjdk-21-jdk' or a Temurin 21+, or set JAVA_HOME"
}

# Maven 3.9 is an artifact on Maven Central: the system Maven (any 3.x) fetches it once into .tools/.
tw_find_maven() {
  TW_MVN="$TW_TOOLS/apache-maven-$TW_MAVEN_VERSION/bin/mvn"
  [ -x "$TW_MVN" ] && return 0
  command -v mvn >/dev/null || tw_die "no 'mvn' on PATH to bootstrap Maven $TW_MAVEN_VERSION; install one, e.g. 'apt install maven'"
  command -v unzip >/dev/null || tw_die "no 'unzip' on PATH; install it, e.g. 'apt install unzip'"
  mkdir -p "$TW_TOOLS"
  echo "trajectory-workbench: fetching Maven $TW_MAVEN_VERSION into .tools/ (once)" >&2
  # Run outside the project: the old Maven must not load the project's .mvn/extensions.xml (Tycho needs 3.9).
  local scratch
  scratch="$(mktemp -d)"
  (cd "$scratch" && mvn -B -q org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
      -Dartifact="org.apache.maven:apache-maven:$TW_MAVEN_VERSION:zip:bin" \
      -DoutputDirectory="$TW_TOOLS" >&2) \
    || { rm -rf "$scratch"; tw_die "could not fetch Maven $TW_MAVEN_VERSION from Maven Central (see the output above)"; }
  rm -rf "$scratch"
  unzip -q -o "$TW_TOOLS/apache-maven-$TW_MAVEN_VERSION-bin.zip" -d "$TW_TOOLS" \
    && rm -f "$TW_TOOLS/apache-maven-$TW_MAVEN_VERSION-bin.zip"
  [ -x "$TW_MVN" ] || tw_die "Maven $TW_MAVEN_VERSION did not unpack into $TW_TOOLS"
}

tw_mvn() { "$TW_MVN" -B "$@"; }
