import RestLiteTesting
import Testing

/// The kept Pillow processes: scripts run one after another in the same few `python3`s (Pillow
/// is imported once in each), each with its own arguments, output, exit status and errors.
@Suite(.offPool) struct PillowWorkerTests {
    @Test(.needsPillow) func scriptsShareTheKeptProcessesAndKeepTheirOwnArgumentsAndOutput() throws {
        let script = "import os, sys\nprint(os.getpid(), sys.argv[1])"
        let runs = 2 * PillowWorker.limit + 1
        var processes = Set<Substring>()
        for run in 0..<runs {
            let answer = try PillowWorker.run(script, ["run\(run)"])
            let fields = answer.output.split(separator: " ")
            #expect(answer.status == 0 && fields.count == 2)
            #expect(fields.last == "run\(run)\n")
            if let process = fields.first { processes.insert(process) }
        }
        #expect(
            processes.count <= PillowWorker.limit,
            "\(runs) scripts ran in \(processes.count) processes, at most \(PillowWorker.limit) kept")
    }

    @Test(.needsPillow) func anExitStatusAndAnExceptionComeBackAsTheyWouldFromPython() throws {
        let exited = try PillowWorker.run("import sys\nsys.stderr.write('why')\nsys.exit(3)", [])
        #expect(exited.status == 3 && exited.error == "why")
        let raised = try PillowWorker.run("from PIL import Image\nImage.open('/nonexistent.png')", [])
        #expect(raised.status == 1 && raised.error.contains("FileNotFoundError"))
        // The process is still there for the next script.
        #expect(try PillowWorker.run("print('ok')", []).output == "ok\n")
    }
}
