/*
 * TopicDump: prints every record of a topic, from the beginning to the current end, as one JSON
 * object a line: {"partition":0,"offset":5,"key":"session-key","value":"{...}"} (key and value as
 * UTF-8 text, null for a null). The mixed-cluster tests read the config and status topics with it,
 * with Kafka's own consumer, so what they check is what a Java client sees.
 *
 *   java -cp "<kafka lib>/*:<classes>" org.copycat.test.TopicDump <bootstrap> <topic> [read_committed]
 *
 * With read_committed, only records of committed transactions, up to the last stable offset.
 */
package org.copycat.test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

public class TopicDump {
    public static void main(String[] args) throws Exception {
        if (args.length != 2 && !(args.length == 3 && args[2].equals("read_committed"))) {
            System.err.println("usage: TopicDump <bootstrap> <topic> [read_committed]");
            System.exit(2);
        }
        Properties props = new Properties();
        props.put("bootstrap.servers", args[0]);
        props.put("key.deserializer", ByteArrayDeserializer.class.getName());
        props.put("value.deserializer", ByteArrayDeserializer.class.getName());
        props.put("enable.auto.commit", "false");
        if (args.length == 3) props.put("isolation.level", "read_committed");
        ObjectMapper json = new ObjectMapper();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props)) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (PartitionInfo p : consumer.partitionsFor(args[1], Duration.ofSeconds(30)))
                partitions.add(new TopicPartition(p.topic(), p.partition()));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            long deadline = System.currentTimeMillis() + 30_000;
            while (System.currentTimeMillis() < deadline) {
                boolean done = true;
                for (TopicPartition tp : partitions)
                    if (consumer.position(tp) < end.get(tp)) done = false;
                if (done) break;
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    Map<String, Object> out = new LinkedHashMap<>();
                    out.put("partition", r.partition());
                    out.put("offset", r.offset());
                    out.put("key", r.key() == null ? null : new String(r.key(), StandardCharsets.UTF_8));
                    out.put("value", r.value() == null ? null : new String(r.value(), StandardCharsets.UTF_8));
                    System.out.println(json.writeValueAsString(out));
                }
            }
        }
    }
}
