@echo off
rem Trajectory Workbench on Windows: "workbench.cmd [--dataset DIR]" opens the window, "workbench.cmd COMMAND [ARGS]"
rem runs a command headless. It starts the product built for Windows: the folder this file is in (the build copies
rem it into the product), else the build's output below it. Java: JAVA_HOME, else java on the PATH, else Program Files.
setlocal EnableDelayedExpansion
set "ORT_TELEMETRY_DISABLED=1"
set "PRODUCT=%~dp0"
if not exist "%PRODUCT%plugins\" set "PRODUCT=%~dp0releng\org.trajectory.product\target\products\org.trajectory.workbench\win32\win32\x86_64\"
if not exist "%PRODUCT%plugins\" (
  echo trajectory-workbench: the Windows product is not built; build it on Linux with "./test.sh -DskipTests" and copy releng/org.trajectory.product/target/products/org.trajectory.workbench/win32/win32/x86_64 here 1>&2
  exit /b 1
)
set "JAVA="
if defined JAVA_HOME if exist "%JAVA_HOME%\bin\java.exe" call :check "%JAVA_HOME%\bin\java.exe"
if not defined JAVA for /f "delims=" %%j in ('where java 2^>nul') do if not defined JAVA call :check "%%j"
if not defined JAVA for /d %%h in ("%ProgramFiles%\Eclipse Adoptium\*" "%ProgramFiles%\Java\*" "%ProgramFiles%\Microsoft\jdk-*") do (
  if not defined JAVA if exist "%%h\bin\java.exe" call :check "%%h\bin\java.exe"
)
if not defined JAVA (
  echo trajectory-workbench: no Java 21 or newer found ^(looked at JAVA_HOME, the PATH and Program Files^); install one, e.g. "winget install EclipseAdoptium.Temurin.21.JDK", or set JAVA_HOME 1>&2
  exit /b 1
)
set "LAUNCHER="
for /f "delims=" %%l in ('dir /b "%PRODUCT%plugins\org.eclipse.equinox.launcher_*.jar" 2^>nul') do set "LAUNCHER=%PRODUCT%plugins\%%l"
if not defined LAUNCHER (
  echo trajectory-workbench: the product in %PRODUCT% has no launcher jar; build it again 1>&2
  exit /b 1
)
set VM_ARGS=-Dosgi.requiredJavaVersion=21 -XX:+UseG1GC -Dfile.encoding=UTF-8 %TW_VM_ARGS%
set "FIRST=%~1"
if "%FIRST%"=="" goto window
if "%FIRST:~0,2%"=="--" goto window
rem A command starts with the configuration the build made for commands, without the window's bundles.
set "HEADLESS="
if exist "%PRODUCT%configuration-headless\config.ini" set HEADLESS=-configuration "%PRODUCT%configuration-headless"
"%JAVA%" %VM_ARGS% -Djava.awt.headless=true -jar "%LAUNCHER%" -nosplash %HEADLESS% -application org.trajectory.cli.application %*
exit /b %ERRORLEVEL%

:window
"%JAVA%" %VM_ARGS% -jar "%LAUNCHER%" -nosplash %*
exit /b %ERRORLEVEL%

rem Sets JAVA to %1 when it is Java 21 or newer (its java.specification.version, read from its settings).
:check
set "SETTINGS=%TEMP%\trajectory-java-%RANDOM%.txt"
"%~1" -XshowSettings:properties -version > "%SETTINGS%" 2>&1
set "MAJOR=0"
for /f "usebackq tokens=1,2 delims== " %%a in ("%SETTINGS%") do if "%%a"=="java.specification.version" set "MAJOR=%%b"
del "%SETTINGS%" >nul 2>&1
for /f "delims=." %%m in ("%MAJOR%") do set "MAJOR=%%m"
if %MAJOR% GEQ 21 set "JAVA=%~1"
exit /b 0
