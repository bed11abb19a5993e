import com.sun.source.tree.*;
import com.sun.source.util.*;
import javax.tools.*;
import java.nio.file.*;
import java.util.*;

/** Prints the methods longer than N lines (signature to closing brace; lambdas are not methods) in the given Java files. */
public class MethodLengths {
    public static void main(String[] args) throws Exception {
        int min = Integer.parseInt(args[0]);
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager fm = compiler.getStandardFileManager(null, null, null);
        List<Path> files = new ArrayList<>();
        for (int i = 1; i < args.length; i++) files.add(Path.of(args[i]));
        JavacTask task = (JavacTask) compiler.getTask(null, fm, d -> {}, List.of("-proc:none"), null, fm.getJavaFileObjectsFromPaths(files));
        SourcePositions pos = Trees.instance(task).getSourcePositions();
        List<String> out = new ArrayList<>();
        for (CompilationUnitTree unit : task.parse()) {
            LineMap lines = unit.getLineMap();
            new TreeScanner<Void, Void>() {
                String owner = "";
                @Override public Void visitClass(ClassTree c, Void v) { String o = owner; owner = c.getSimpleName().toString(); super.visitClass(c, v); owner = o; return null; }
                @Override public Void visitMethod(MethodTree m, Void v) {
                    if (m.getBody() != null) {
                        long a = lines.getLineNumber(pos.getStartPosition(unit, m));
                        long b = lines.getLineNumber(pos.getEndPosition(unit, m));
                        long n = b - a + 1;
                        if (n > min) out.add(String.format("%4d %s %s.%s", n, unit.getSourceFile().getName().replaceAll(".*/src/", ""), owner, m.getName()));
                    }
                    return super.visitMethod(m, v);
                }
            }.scan(unit, null);
        }
        out.sort(Comparator.reverseOrder());
        out.forEach(System.out::println);
        System.out.println(out.size() + " over " + min);
    }
}
