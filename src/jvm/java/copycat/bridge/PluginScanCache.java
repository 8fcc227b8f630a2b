package copycat.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The reflective scan's cache (docs/jvm-bridge.md "The scan cache"): one JSON file per plugin
 * location in the cache directory, named by a hash of the location's path, holding the scan's
 * candidates and the key they are valid for: every jar of the location and of the worker's class
 * path (the Kafka API the hierarchy was resolved against) with its size, modification time (ns) and
 * inode, and
 * the cache format. Any change to a jar, an added or removed jar, another Kafka API: the key differs
 * and the location is scanned again. A file that cannot be read or written is no error: the scan
 * runs without it. Files are replaced atomically (a temp file renamed), so workers sharing the
 * directory never read half a file.
 */
final class PluginScanCache {
    private static final int FORMAT = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;  // null: no cache
    private final ArrayNode key;

    PluginScanCache(String cacheDir, String location, List<Path> jars) {
        this.file = cacheDir == null || cacheDir.isEmpty() ? null : Path.of(cacheDir).resolve(fileName(location));
        this.key = JSON.createArrayNode();
        key.add(FORMAT).add(location);
        for (Path jar : jars) key.add(stamp(jar));
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator))
            if (!entry.isEmpty()) key.add(stamp(Path.of(entry)));
    }

    /** The cached scan for this key; null when there is none (or no cache). */
    ReflectivePluginScan.Result read() {
        if (file == null) return null;
        try {
            JsonNode stored = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
            // As text: a number read back may be an IntNode where the key has a LongNode.
            if (stored == null || stored.get("key") == null || !key.toString().equals(stored.get("key").toString()))
                return null;
            List<ReflectivePluginScan.Candidate> candidates = new ArrayList<>();
            for (JsonNode c : stored.get("candidates")) {
                List<String> types = new ArrayList<>();
                c.get("types").forEach(t -> types.add(t.asText()));
                candidates.add(new ReflectivePluginScan.Candidate(c.get("class").asText(), types));
            }
            return new ReflectivePluginScan.Result(candidates, stored.get("classes").asInt(), List.of());
        } catch (IOException | RuntimeException e) {
            return null;  // none yet, or unreadable: scan again
        }
    }

    /** Stores `scan` for this key; false (and nothing written) when the directory is not writable. */
    boolean write(ReflectivePluginScan.Result scan) {
        if (file == null) return false;
        ObjectNode stored = JSON.createObjectNode();
        stored.set("key", key);
        stored.put("classes", scan.classes());
        ArrayNode candidates = stored.putArray("candidates");
        for (ReflectivePluginScan.Candidate c : scan.candidates()) {
            ObjectNode entry = candidates.addObject();
            entry.put("class", c.className());
            c.types().forEach(entry.putArray("types")::add);
        }
        Path temp = null;
        try {
            Files.createDirectories(file.getParent());
            temp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
            Files.writeString(temp, JSON.writeValueAsString(stored), StandardCharsets.UTF_8);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            return true;
        } catch (IOException | RuntimeException e) {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // the temp file stays; the next write makes another
                }
            }
            return false;
        }
    }

    private static ArrayNode stamp(Path jar) {
        ArrayNode out = JSON.createArrayNode().add(jar.toString());
        try {
            BasicFileAttributes attributes = Files.readAttributes(jar, BasicFileAttributes.class);
            out.add(attributes.size()).add(attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS));
            out.add(String.valueOf(attributes.fileKey()));  // a jar replaced by a rename has another inode
        } catch (IOException e) {
            out.add(-1).add(-1).add("missing");
        }
        return out;
    }

    private static String fileName(String location) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(location.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16) + ".json";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
