/** The node cards of §2's table, one per node type, and the map the canvas draws them with. */
import { Box, Stack, Typography } from "@mui/material";
import type { NodeProps, NodeTypes } from "@xyflow/react";
import { useTranslation } from "react-i18next";
import { flowConditionOperators, type FlowNodeType } from "@balcao/contracts";
import type { CanvasNode } from "../canvas/types";
import { FlowMedia } from "../media";
import { CardText, NodeCard, OutputRow } from "./NodeCard";
import { nodeLooks } from "./looks";
import { items, record, text } from "./read";

type CardProps = NodeProps<CanvasNode>;

function StartCard({ id }: CardProps) {
  const { t } = useTranslation();
  return (
    <NodeCard id={id} type="start" output>
      <CardText>{t("flowBuilder.card.start")}</CardText>
    </NodeCard>
  );
}

function MessageCard({ id, data }: CardProps) {
  return (
    <NodeCard id={id} type="message" output>
      <CardText>{text(data.label)}</CardText>
    </NodeCard>
  );
}

function MenuCard({ id, data }: CardProps) {
  const color = nodeLooks.menu.color;
  return (
    <NodeCard id={id} type="menu">
      <CardText>{text(data.message)}</CardText>
      {items(data.arrayOption).map((option) => (
        <OutputRow key={text(option.number)} handle={`a${text(option.number)}`} color={color}>
          <Typography variant="body2" noWrap>{`[${text(option.number)}] ${text(option.value)}`}</Typography>
        </OutputRow>
      ))}
    </NodeCard>
  );
}

function IntervalCard({ id, data }: CardProps) {
  const { t } = useTranslation();
  return (
    <NodeCard id={id} type="interval" output>
      <CardText>{t("flowBuilder.card.seconds", { sec: text(data.sec) })}</CardText>
    </NodeCard>
  );
}

function mediaCard(type: "img" | "audio" | "video") {
  return function MediaCard({ id, data }: CardProps) {
    const { t } = useTranslation();
    return (
      <NodeCard id={id} type={type} output>
        <FlowMedia type={type} url={text(data.url)} maxHeight={120} />
        {type === "audio" && (
          <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
            {t(data.record === true ? "flowBuilder.card.recorded" : "flowBuilder.card.audioSent")}
          </Typography>
        )}
      </NodeCard>
    );
  };
}

function RandomizerCard({ id, data }: CardProps) {
  const percent = Number(data.percent) || 0;
  const color = nodeLooks.randomizer.color;
  return (
    <NodeCard id={id} type="randomizer">
      <OutputRow handle="a" color={color}>
        <Typography variant="body2">{`${percent}%`}</Typography>
      </OutputRow>
      <OutputRow handle="b" color={color}>
        <Typography variant="body2">{`${100 - percent}%`}</Typography>
      </OutputRow>
    </NodeCard>
  );
}

function QuestionCard({ id, data }: CardProps) {
  const integration = record(data.typebotIntegration);
  const key = text(integration.answerKey);
  return (
    <NodeCard id={id} type="question" output>
      <CardText>{text(integration.message)}</CardText>
      {key && <Typography variant="caption" color="text.secondary">{`{{${key}}}`}</Typography>}
    </NodeCard>
  );
}

/** A content item: its text, its seconds, or its media's original name. */
function ContentItem({ item }: { item: Record<string, unknown> }) {
  const { t } = useTranslation();
  const type = text(item.type);
  const label =
    type === "message"
      ? text(item.value)
      : type === "interval"
        ? t("flowBuilder.card.seconds", { sec: text(item.value) })
        : `${t(`flowBuilder.nodes.${type}`)}: ${text(item.original) || text(item.value)}`;
  return (
    <Box sx={{ bgcolor: "action.hover", borderRadius: 1, px: 0.75, py: 0.5 }}>
      <CardText lines={2}>{label}</CardText>
    </Box>
  );
}

function ContentCard({ id, data }: CardProps) {
  const elements = items(data.elements);
  const ordered = Array.isArray(data.seq)
    ? data.seq.map((seq) => elements.find((e) => e.number === seq)).filter((e) => e !== undefined)
    : elements;
  return (
    <NodeCard id={id} type="singleBlock" output>
      <Stack spacing={0.5}>
        {ordered.map((item, i) => (
          <ContentItem key={`${text(item.number)}-${i}`} item={item} />
        ))}
      </Stack>
    </NodeCard>
  );
}

function TicketCard({ id, data }: CardProps) {
  return (
    <NodeCard id={id} type="ticket" output>
      <CardText>{text(record(data.queue).name)}</CardText>
    </NodeCard>
  );
}

/** Typebot and OpenAI hand the ticket on and end the flow: no output, contents not shown (§2). */
function handOffCard(type: "typebot" | "openai") {
  return function HandOffCard({ id }: CardProps) {
    const { t } = useTranslation();
    return (
      <NodeCard id={id} type={type}>
        <Typography variant="caption" color="text.secondary">
          {t("flowBuilder.card.handOff")}
        </Typography>
      </NodeCard>
    );
  };
}

function ConditionCard({ id, data }: CardProps) {
  const { t } = useTranslation();
  const operator = text(data.condition);
  const known = (flowConditionOperators as readonly string[]).includes(operator);
  const color = nodeLooks.condition.color;
  return (
    <NodeCard id={id} type="condition">
      <CardText>
        {`{{${text(data.key)}}} ${known ? t(`flowBuilder.operators.${operator}`) : operator}`}
        {operator !== "empty" && ` "${text(data.value)}"`}
      </CardText>
      <OutputRow handle="true" color="#2e7d32">
        <Typography variant="body2">{t("flowBuilder.card.true")}</Typography>
      </OutputRow>
      <OutputRow handle="false" color={color}>
        <Typography variant="body2">{t("flowBuilder.card.false")}</Typography>
      </OutputRow>
    </NodeCard>
  );
}

export const nodeTypes = {
  start: StartCard,
  message: MessageCard,
  menu: MenuCard,
  interval: IntervalCard,
  img: mediaCard("img"),
  audio: mediaCard("audio"),
  video: mediaCard("video"),
  randomizer: RandomizerCard,
  singleBlock: ContentCard,
  ticket: TicketCard,
  typebot: handOffCard("typebot"),
  openai: handOffCard("openai"),
  question: QuestionCard,
  condition: ConditionCard,
} satisfies Record<FlowNodeType, NodeTypes[string]>;
