import { useId } from "react";
import type { SceneId } from "../recruitment-content";

// Drawn inline: the recruitment page must stay light and the server has no image CDN.
const palettes: Record<SceneId, { sky: [string, string]; glow: string; floor: string }> = {
  wedding: { sky: ["#4c1d95", "#db2777"], glow: "#fde68a", floor: "#2e1065" },
  gospel: { sky: ["#1e3a8a", "#7c3aed"], glow: "#fef3c7", floor: "#172554" },
  highlife: { sky: ["#7c2d12", "#f59e0b"], glow: "#fef08a", floor: "#431407" },
  gala: { sky: ["#0f172a", "#0e7490"], glow: "#a5f3fc", floor: "#020617" },
};

function Performer({ x, h = 1 }: { x: number; h?: number }) {
  const top = 118 - 34 * h;
  return (
    <g fill="#0b0617">
      <circle cx={x} cy={top} r={7 * h} />
      <path d={`M${x - 9 * h} ${top + 10 * h} h${18 * h} l${4 * h} ${40 * h} h-${26 * h} z`} />
    </g>
  );
}

function SceneDetails({ scene }: { scene: SceneId }) {
  switch (scene) {
    case "wedding":
      return (
        <>
          {[40, 80, 120, 160, 200, 240, 280].map((x) => (
            <circle key={x} cx={x} cy={24 + ((x / 40) % 2) * 8} r="3" fill="#fde68a" opacity="0.9" />
          ))}
          <path d="M20 22 Q160 52 300 22" stroke="#fde68a" strokeWidth="1" fill="none" opacity="0.6" />
          <Performer x={110} />
          <Performer x={160} h={1.1} />
          <Performer x={210} />
          <rect x="196" y="100" width="28" height="14" rx="2" fill="#0b0617" />
          <path d="M150 96 l-14 -18" stroke="#0b0617" strokeWidth="3" />
        </>
      );
    case "gospel":
      return (
        <>
          <path d="M160 10 v40 M146 24 h28" stroke="#fef3c7" strokeWidth="4" opacity="0.7" />
          {[90, 120, 150, 180, 210, 240].map((x, i) => (
            <Performer key={x} x={x - 5} h={i % 2 ? 0.85 : 0.95} />
          ))}
          <rect x="70" y="112" width="180" height="8" rx="2" fill="#0b0617" />
        </>
      );
    case "highlife":
      return (
        <>
          <circle cx="250" cy="48" r="22" fill="#fef08a" opacity="0.8" />
          <Performer x={140} h={1.15} />
          <path d="M126 104 l40 -22" stroke="#0b0617" strokeWidth="4" strokeLinecap="round" />
          <ellipse cx="130" cy="104" rx="12" ry="8" fill="#0b0617" />
          <Performer x={200} h={0.9} />
          <rect x="186" y="108" width="28" height="12" rx="6" fill="#0b0617" />
        </>
      );
    case "gala":
      return (
        <>
          {[60, 260].map((x) => (
            <path key={x} d={`M${x} 0 L${x - 40} 130 L${x + 40} 130 Z`} fill="#a5f3fc" opacity="0.12" />
          ))}
          <Performer x={120} />
          <path d="M126 92 q14 10 6 26" stroke="#fbbf24" strokeWidth="4" fill="none" strokeLinecap="round" />
          <Performer x={200} />
          <rect x="230" y="96" width="40" height="24" rx="3" fill="#0b0617" />
          <rect x="236" y="100" width="28" height="6" fill="#a5f3fc" opacity="0.6" />
        </>
      );
  }
}

/** A small stage illustration for one kind of event. */
export function StageScene({ scene, title }: { scene: SceneId; title: string }) {
  const id = useId();
  const p = palettes[scene];
  return (
    <svg
      viewBox="0 0 320 180"
      role="img"
      aria-labelledby={`${id}-title`}
      className="block h-auto w-full"
      preserveAspectRatio="xMidYMid slice"
    >
      <title id={`${id}-title`}>{`Illustration: ${title}`}</title>
      <defs>
        <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={p.sky[0]} />
          <stop offset="1" stopColor={p.sky[1]} />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.75" r="0.5">
          <stop offset="0" stopColor={p.glow} stopOpacity="0.55" />
          <stop offset="1" stopColor={p.glow} stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#${id}-sky)`} />
      <ellipse cx="160" cy="120" rx="150" ry="70" fill={`url(#${id}-glow)`} />
      <SceneDetails scene={scene} />
      <rect y="120" width="320" height="60" fill={p.floor} />
      <path d="M0 120 H320" stroke={p.glow} strokeOpacity="0.4" />
      {[30, 70, 250, 290].map((x) => (
        <circle key={x} cx={x} cy="168" r="12" fill="#000" opacity="0.35" />
      ))}
    </svg>
  );
}
